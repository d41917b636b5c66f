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
