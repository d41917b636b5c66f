"""Front-end files from the npm registry through npm's own client: ``npm pack NAME@VERSION``
into a temporary folder, the tarball checked against the pinned sha512 (what the registry calls
its integrity), then the named files copied out. No registry address is written here: npm uses
the one it is configured with.

    python tools/npm_pack.py NAME@VERSION SHA512 DEST PATH_IN_PACKAGE[:NAME] ...
"""
from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path


def pack(spec: str, sha512: str, dest: Path, files: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["npm", "pack", spec, "--pack-destination", folder, "--silent"], check=True, stdout=subprocess.DEVNULL)
        (tarball,) = Path(folder).glob("*.tgz")
        digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        if digest != sha512:
            sys.exit(f"{spec}: the tarball does not match the pinned sha512 ({digest})")
        dest.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball) as archive:
            for item in files:
                inside, _, name = item.partition(":")
                member = archive.extractfile(f"package/{inside}")
                if member is None:
                    sys.exit(f"{spec}: no file package/{inside}")
                with open(dest / (name or Path(inside).name), "wb") as out:
                    shutil.copyfileobj(member, out)


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    pack(sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4:])
