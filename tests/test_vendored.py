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
