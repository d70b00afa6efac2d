"""AppendLog: an append-only sequence whose copies share storage until one of them appends."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from obelisk.core.log import AppendLog


def test_a_fork_is_independent_of_its_original():
    a = AppendLog([1, 2, 3])
    b = a.fork()
    a.append(4)
    b.append(5)
    b.extend([6, 7])
    a.append(8)
    assert a == [1, 2, 3, 4, 8]
    assert b == [1, 2, 3, 5, 6, 7]
    assert len(a) == 5 and len(b) == 6


def test_indexing_slicing_iteration_and_reversal_see_only_the_logs_own_items():
    a = AppendLog(range(5))
    b = a.fork()
    b.append(99)  # written into the shared list, past a's end
    assert list(a) == [0, 1, 2, 3, 4]
    assert a[-1] == 4 and a[1:3] == [1, 2] and a[::-2] == [4, 2, 0] and a[3:] == [3, 4]
    assert list(reversed(a)) == [4, 3, 2, 1, 0]
    with pytest.raises(IndexError):
        a[5]
    with pytest.raises(IndexError):
        a[-6]
    assert b[-1] == 99 and b[5] == 99


def test_emptiness_equality_pickle_and_copies():
    a = AppendLog([{"x": 1}])
    assert a and not AppendLog()
    assert pickle.loads(pickle.dumps(a)) == a
    deep = copy.deepcopy(a)
    deep[0]["x"] = 2
    assert a[0] == {"x": 1}
    assert copy.copy(a) == a and a != AppendLog([]) and a.to_list() == [{"x": 1}]


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers())))
def test_forks_behave_like_independent_lists(ops):
    """Any interleaving of fork/append/extend over four logs matches four plain lists."""
    logs = [AppendLog[int]() for _ in range(4)]
    lists: list[list[int]] = [[] for _ in range(4)]
    for who, op, value in ops:
        if op == 0:
            logs[who].append(value)
            lists[who].append(value)
        elif op == 1:
            logs[who].extend([value, value + 1])
            lists[who].extend([value, value + 1])
        else:
            dst = (who + 1) % 4
            logs[dst] = logs[who].fork()
            lists[dst] = list(lists[who])
        assert [log.to_list() for log in logs] == lists
