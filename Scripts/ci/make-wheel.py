#!/usr/bin/env python3
"""Assembles the wheel of the Python package `locomotion` from Integrations/python and the shared library
(Scripts/ci/build-wheel.sh builds it): a plain zip with the package, its .dist-info (METADATA with the licence
expression and every licence file the binary needs, WHEEL, RECORD), no build tool needed.

The tag: py3-none-manylinux_2_<M>_<arch>, M the newest GLIBC_2.M symbol version the library needs (PEP 600), and
libstdc++'s GLIBCXX version is the one that glibc's manylinux policy allows (auditwheel checks it; the wheel test
runs `auditwheel show` where auditwheel is installed).

    Scripts/ci/make-wheel.py LIBRARY OUTDIR TOOLCHAIN   # TOOLCHAIN: the usr folder of the Swift toolchain
"""
import base64
import glob
import hashlib
import os
import platform
import re
import subprocess
import sys
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PACKAGE = os.path.join(ROOT, "Integrations", "python")


def version():
    text = open(os.path.join(PACKAGE, "locomotion", "__init__.py")).read()
    return re.search(r'^__version__ = "([^"]+)"', text, re.M).group(1)


def glibc_tag(library):
    symbols = subprocess.run(["objdump", "-T", library], check=True, capture_output=True, text=True).stdout
    minors = [int(m) for m in re.findall(r"GLIBC_2\.(\d+)", symbols)]
    return f"manylinux_2_{max(minors)}_{platform.machine()}"


def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def licences(toolchain):
    """(name in the wheel, bytes): the package's, the Swift runtime's (Apache-2.0 with the Runtime Library
    Exception: the toolchain's own LICENSE.txt) and ICU's (the Unicode licence) — both linked into the library."""
    files = [("LICENSE", open(os.path.join(ROOT, "LICENSE"), "rb").read())]
    runtime = os.path.join(toolchain, "share", "swift", "LICENSE.txt")
    if not os.path.exists(runtime):
        sys.exit(f"make-wheel.py: the Swift runtime's licence {runtime} is missing; the wheel needs it")
    files.append(("LICENSE-swift-runtime.txt", open(runtime, "rb").read()))
    icu = sorted(glob.glob("/usr/share/icu/*/LICENSE"))
    notice = (b"The ICU library linked into liblocomotion.so (swift-foundation-icu, ICU 76) is distributed under the\n"
              b"Unicode License v3 (SPDX: Unicode-3.0), https://www.unicode.org/license.txt .\n")
    if icu:
        notice += b"\nThe text of the ICU licence as this system's ICU package ships it (" + icu[-1].encode() + b"):\n\n"
        notice += open(icu[-1], "rb").read()
    files.append(("LICENSE-ICU.txt", notice))
    return files


def main():
    library, outdir, toolchain = sys.argv[1], sys.argv[2], sys.argv[3]
    name, ver = "locomotion", version()
    tag = f"py3-none-{glibc_tag(library)}"
    info = f"{name}-{ver}.dist-info"
    readme = open(os.path.join(PACKAGE, "README.md")).read()
    licence_files = licences(toolchain)
    metadata = "\n".join([
        "Metadata-Version: 2.4",
        f"Name: {name}",
        f"Version: {ver}",
        "Summary: Activity, steps, distance and cohort tables from phone accelerometer and location data (in process, no toolchain)",
        "License-Expression: Apache-2.0 AND Apache-2.0 WITH Swift-exception AND Unicode-3.0",
    ] + [f"License-File: {file}" for file, _ in licence_files] + [
        "Requires-Python: >=3.10",
        "Requires-Dist: numpy>=1.22",
        "Requires-Dist: pandas>=1.5",
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: Operating System :: POSIX :: Linux",
        "Description-Content-Type: text/markdown",
        "", readme])
    wheel = f"Wheel-Version: 1.0\nGenerator: locomotion make-wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    entries = []
    for path in sorted(glob.glob(os.path.join(PACKAGE, "locomotion", "*.py"))):
        entries.append((f"locomotion/{os.path.basename(path)}", open(path, "rb").read(), 0o644))
    entries.append(("locomotion/liblocomotion.so", open(library, "rb").read(), 0o755))
    entries += [(f"{info}/licenses/{file}", data, 0o644) for file, data in licence_files]
    entries += [(f"{info}/METADATA", metadata.encode(), 0o644), (f"{info}/WHEEL", wheel.encode(), 0o644)]
    record = "".join(f"{path},{digest(data)},{len(data)}\n" for path, data, _ in entries) + f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode(), 0o644))
    os.makedirs(outdir, exist_ok=True)
    target = os.path.join(outdir, f"{name}-{ver}-{tag}.whl")
    temporary = target + ".partial"
    with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data, mode in entries:
            entry = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = (0o100000 | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    os.replace(temporary, target)
    print(target)


if __name__ == "__main__":
    main()
