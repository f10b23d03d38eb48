"""Participants from paths: the rules of `locomotion epochs/daily --participant-from` (ParticipantPattern.swift in
LocomotionIO; both sides run the cases of Tests/Shared/participant-rules.json).

The pattern is matched against the end of a path, component by component (a leading `/` anchors it at the root).
In a component `{participant}` stands for one or more characters, `*` for any characters, `?` for one; `/` never
matches inside a component. Ties are broken as a regular expression `[^/]*` / `([^/]+?)` breaks them: `*` takes
as much as it can, `{participant}` as little as it can. A character is a Unicode code point, compared as it is
written (no normalisation: `e` + U+0301 is two characters and not the same as U+00E9).
"""

import re
import unicodedata

PLACEHOLDER = "{participant}"


class ParticipantPattern:
    """A compiled `--participant-from` pattern."""

    def __init__(self, text):
        self.text = text
        if text.count(PLACEHOLDER) != 1:
            raise ValueError(f"--participant-from '{text}' must hold {PLACEHOLDER} exactly once, e.g. '{PLACEHOLDER}/*.csv'")
        self.anchored = text.startswith("/")
        components = text.split("/")[1:] if self.anchored else text.split("/")
        if any(component == "" for component in components):
            raise ValueError(f"--participant-from '{text}' has an empty path component")
        self.components = [_tokens(component) for component in components]

    def participant(self, path):
        """The participant of `path` (a local path or a URI), or None when the pattern does not match it."""
        path = _strip_scheme(path)
        parts = [part for part in path.split("/") if part]
        if len(parts) < len(self.components):
            return None
        if self.anchored and (not path.startswith("/") or len(parts) != len(self.components)):
            return None
        found = None
        for tokens, part in zip(self.components, parts[len(parts) - len(self.components):]):
            matched, captured = _match(tokens, part)
            if not matched:
                return None
            if captured is not None:
                found = captured
        return found


ANY, ONE, PARTICIPANT = object(), object(), object()


def _tokens(component):
    """A component as tokens: ANY (`*`), ONE (`?`), PARTICIPANT, or a character that stands for itself."""
    tokens = []
    index = 0
    while index < len(component):
        if component.startswith(PLACEHOLDER, index):
            tokens.append(PARTICIPANT)
            index += len(PLACEHOLDER)
            continue
        char = component[index]
        tokens.append(ANY if char == "*" else ONE if char == "?" else char)
        index += 1
    return tokens


def _match(tokens, text):
    """(matched, participant or None): the first match in the order of a regular expression (`*` greedy,
    `{participant}` lazy), found without backtracking, as ParticipantPattern.swift does: a table of which rest of
    the pattern matches which rest of the text, then one walk. A regular expression backtracked exponentially in
    the number of `*` (131 s for a dozen). O(len(tokens) * len(text))."""
    count = len(text)
    rest = [[False] * (count + 1) for _ in range(len(tokens) + 1)]
    rest[len(tokens)][count] = True
    for i in range(len(tokens) - 1, -1, -1):
        token, row, after = tokens[i], rest[i], rest[i + 1]
        for t in range(count, -1, -1):
            if token is ANY:
                row[t] = after[t] or (t < count and row[t + 1])
            elif token is ONE:
                row[t] = t < count and after[t + 1]
            elif token is PARTICIPANT:
                row[t] = t < count and (after[t + 1] or row[t + 1])
            else:
                row[t] = t < count and text[t] == token and after[t + 1]
    if not rest[0][0]:
        return False, None
    captured = None
    t = 0
    for i, token in enumerate(tokens):
        if token is ANY:
            end = count
            while not rest[i + 1][end]:
                end -= 1
            t = end
        elif token is PARTICIPANT:
            end = t + 1
            while not rest[i + 1][end]:
                end += 1
            captured = text[t:end]
            t = end
        else:
            t += 1
    return True, captured


def _strip_scheme(path):
    """`hdfs://host:8020/a/b.csv` -> `/a/b.csv`; `file:/a` -> `/a`; plain paths as they are."""
    match = re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:(//[^/]*)?(/.*)$", path)
    return match.group(2) if match else path


def base_name(path):
    """The file name without its last extension (the participant of a file that is its own participant)."""
    name = _strip_scheme(path).rstrip("/").split("/")[-1]
    dot = name.rfind(".")
    return name[:dot] if dot > 0 else name


def is_valid_participant(name):
    """Whether `name` can name a participant: it names output files and Parquet partitions, so not empty, `.` or
    `..`, and without `/` or NUL."""
    return name not in ("", ".", "..") and "/" not in name and "\0" not in name


def participant_of(path, pattern=None, single=None):
    """The participant of `path`: `single` when given, else read with `pattern`, else the file's base name."""
    if single is not None:
        return single
    if pattern is not None:
        return pattern.participant(path)
    return base_name(path)


def name_relation(first, second):
    """How two names relate, by the tool's file-name rule (FileNameRule.swift): "same" (the same code points, so
    the same UTF-8 bytes), "equivalent" (different code points, canonically equivalent: NFC against NFD; refused
    where the name becomes a participant or an output, as it looks alike and is one file on a normalising file
    system) or "different"."""
    if first == second:
        return "same"
    return "equivalent" if unicodedata.normalize("NFC", first) == unicodedata.normalize("NFC", second) else "different"
