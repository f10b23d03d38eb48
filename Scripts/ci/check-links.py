#!/usr/bin/env python3
"""Fails when a relative link in the repository's Markdown does not resolve: every `[text](path)` and
`![alt](path)` outside code, in every tracked .md file (README, Docs/ and its journal, Scripts/README.md, the DocC
catalogs, …), must name a file or folder that exists, and a `#fragment` must name a heading of the target page (as
GitHub makes a heading's anchor). Web links (http, https, mailto) and DocC links (<doc:…>, ``Symbol``) are not
checked here: `make docs` checks the latter.

    python3 Scripts/ci/check-links.py            (from anywhere; make test runs it)

Prints each broken link as FILE:LINE: problem, and exits 1 when there is any.
"""
import os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading):
    """The anchor GitHub gives a heading: lower case, markup and punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`|\*\*|__|\*|(?<!\w)_|_(?!\w)", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)   # a link in a heading keeps its text
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        found, seen, fenced = set(), {}, False
        with open(path, encoding="utf-8") as f:
            for line in f:
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                match = None if fenced else re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
                if match:
                    base = slug(match.group(1))
                    n = seen.get(base, 0)
                    seen[base] = n + 1
                    found.add(base if n == 0 else f"{base}-{n}")
                for name in re.findall(r'<a\s+(?:name|id)="([^"]+)"', line):
                    found.add(name)
        cache[path] = found
    return cache[path]


def main():
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "*.md"], capture_output=True, text=True,
                           check=True).stdout.split()
    problems = []
    for name in files:
        path = os.path.join(ROOT, name)
        if not os.path.exists(path):   # deleted in the work tree, not yet in the index
            continue
        fenced = False
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if FENCE.match(line):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                prose = re.sub(r"(`+)(?:(?!\1).)+\1", "", line)   # links inside code spans are text
                for target in LINK.findall(prose):
                    if re.match(r"^(https?|mailto|doc):", target):
                        continue
                    file_part, _, fragment = target.partition("#")
                    resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                    where = f"{name}:{number}"
                    if not os.path.exists(resolved):
                        problems.append(f"{where}: {target}: no such file")
                    elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
                        problems.append(f"{where}: {target}: no heading #{fragment} in {os.path.relpath(resolved, ROOT)}")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-links: {len(problems)} broken link(s) in the Markdown files", file=sys.stderr)
        return 1
    print(f"check-links: every relative link of {len(files)} Markdown files resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
