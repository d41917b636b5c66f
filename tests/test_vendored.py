"""The vendored front-end files are exactly what `make vendor` took from the pinned npm
packages (static/vendor/SHA256SUMS), none edited by hand, none missing, none unlisted."""
import hashlib
from pathlib import Path

VENDOR = Path(__file__).resolve().parents[1] / "static" / "vendor"


def test_every_vendored_file_is_listed_with_its_checksum():
    listed = {}
    for line in (VENDOR / "SHA256SUMS").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        listed[name] = digest
    present = {str(path.relative_to(VENDOR)) for path in VENDOR.rglob("*") if path.is_file() and path.parent != VENDOR}
    assert present == set(listed)
    for name, digest in listed.items():
        assert hashlib.sha256((VENDOR / name).read_bytes()).hexdigest() == digest, name


def test_the_static_version_counts_vendored_files_through_their_sums(tmp_path):
    """The version in every static address (static_files.py) reads a vendored file's sha256 from
    SHA256SUMS instead of its 15 MB: a new vendored file is a new line there, so a new version."""
    from assistant.web.serving.static_files import static_version

    (tmp_path / "vendor" / "lib").mkdir(parents=True)
    (tmp_path / "app.js").write_text("one")
    (tmp_path / "vendor" / "lib" / "big.wasm").write_bytes(b"first")
    (tmp_path / "vendor" / "SHA256SUMS").write_text(f"{hashlib.sha256(b'first').hexdigest()}  lib/big.wasm\n")
    first = static_version(tmp_path)
    (tmp_path / "vendor" / "lib" / "big.wasm").write_bytes(b"second")
    assert static_version(tmp_path) == first  # read through its line, not its bytes
    (tmp_path / "vendor" / "SHA256SUMS").write_text(f"{hashlib.sha256(b'second').hexdigest()}  lib/big.wasm\n")
    second = static_version(tmp_path)
    assert second != first
    (tmp_path / "app.js").write_text("two")
    assert static_version(tmp_path) != second


def test_the_standard_library_the_phone_gets_is_the_vendored_one_cut_again_the_same(tmp_path):
    """tools/trim_stdlib.py makes python_stdlib.scoring.zip from the checksummed python_stdlib.zip and
    tools/pyodide-stdlib.txt: made again, the same bytes; only listed files, every one of them."""
    import sys
    import zipfile

    sys.path.insert(0, str(VENDOR.parents[1] / "tools"))
    import trim_stdlib

    again = tmp_path / "python_stdlib.scoring.zip"
    trim_stdlib.trim(target=again)
    assert again.read_bytes() == trim_stdlib.TRIMMED.read_bytes()
    names = zipfile.ZipFile(again).namelist()
    assert names == trim_stdlib.kept_names() and {"json/__init__.py", "urllib/parse.py", "_pyodide/__init__.py"} <= set(names)
    assert again.stat().st_size < trim_stdlib.FULL.stat().st_size / 2
