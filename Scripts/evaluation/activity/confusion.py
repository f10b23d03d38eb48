"""Confusion matrices of activity seconds, shared by the activity evaluations (louo.py, cycling.py).

A matrix is `{truth: {predicted: seconds}}` over ALL (the five activities and `unknown`); scores are per class
(support, precision, recall, F1) over the classes a table scores, and their macro mean.
"""

ALL = ["stationary", "walking", "running", "cycling", "automotive", "unknown"]


def empty():
    return {t: {p: 0 for p in ALL} for t in ALL}


def add(a, b):
    return {t: {p: a[t][p] + b[t][p] for p in ALL} for t in ALL}


def pooled(matrices, keep):
    """The sum of the matrices (a dict keyed by trace or person) whose key `keep` accepts."""
    m = empty()
    for key, matrix in matrices.items():
        if keep(key):
            m = add(m, matrix)
    return m


def scores(m, classes):
    """({class: (support, precision, recall, F1)} for the classes with support, macro-F1 or None).

    Precision is None when the class was never predicted."""
    out = {}
    for c in classes:
        support = sum(m[c].values())
        predicted = sum(m[t][c] for t in ALL)
        if support == 0:
            continue
        recall = m[c][c] / support
        precision = m[c][c] / predicted if predicted else None
        f1 = 2 * precision * recall / (precision + recall) if precision and recall else 0.0
        out[c] = (support, precision, recall, f1)
    macro = sum(s[3] for s in out.values()) / len(out) if out else None
    return out, macro
