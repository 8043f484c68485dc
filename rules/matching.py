"""A perfect-matching oracle for pairing (``rules.swiss``). Pure.

``Matcher`` holds a perfect matching of the vertices still alive while a greedy walk
commits jogos one by one: ``commit`` accepts a jogo only if the vertices left still
have a perfect matching (Edmonds' blossom algorithm finds the augmenting path that
repairs the one it breaks), so a walk that asks before each choice never dead-ends.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Sequence


class Matcher:
    """A perfect matching of the vertices still alive, kept while choices are made."""

    def __init__(self, size: int, forbidden: list[set[int]], classes: Sequence[int] = ()) -> None:
        self.forbidden = forbidden
        self.active = list(range(size))
        self.alive = [True] * size
        self.mate = [-1] * size
        # Optional classes (entities) no jogo may join: none may fill more than half of
        # what is left, a cheap refusal before a search that would fail slowly.
        self.classes = classes
        self.left = Counter(k for k in classes if k != -1)

    def allowed(self, u: int, v: int) -> bool:
        return u != v and v not in self.forbidden[u]

    def perfect(self) -> bool:
        """Greedy first, then Edmonds; False when no perfect matching exists."""
        # The most constrained first (an entity's teams, say), so few are left exposed.
        free = sorted(self.active, key=lambda v: -len(self.forbidden[v]))
        exposed = []
        while free:
            v = free.pop(0)
            for k, u in enumerate(free):
                if u not in self.forbidden[v]:
                    self.mate[u], self.mate[v] = v, u
                    del free[k]
                    break
            else:
                exposed.append(v)
        # With no augmenting path from one exposed vertex, no perfect matching exists
        # (the symmetric difference with one would contain such a path).
        return all(self.mate[v] != -1 or self._augment(v) for v in exposed)

    def commit(self, t: int, c: int) -> bool:
        """Pair t with c if the vertices left still have a perfect matching."""
        mate, left = self.mate, self.left
        t2, c2 = mate[t], mate[c]
        gone = [k for k in (self.classes[t], self.classes[c]) if k != -1] if self.classes else []
        left.subtract(gone)
        self.alive[t] = self.alive[c] = False
        if t2 != c:
            mate[t2] = mate[c2] = -1
            if 2 * max(left.values(), default=0) > len(self.active) - 2 or not self._join(t2, c2):
                left.update(gone)
                self.alive[t] = self.alive[c] = True
                mate[t], mate[t2], mate[c], mate[c2] = t2, t, c2, c
                return False
        mate[t], mate[c] = c, t
        self.active.remove(t)
        self.active.remove(c)
        return True

    def _join(self, a: int, b: int) -> bool:
        # The only two exposed vertices: a direct jogo, else Edmonds (which tries b first).
        if self.allowed(a, b):
            self.mate[a], self.mate[b] = b, a
            return True
        return self._augment(a)

    def _augment(self, root: int) -> bool:
        """Edmonds' search for an augmenting path from ``root``; applies it if found."""
        n, mate, alive, forbidden = len(self.mate), self.mate, self.alive, self.forbidden
        parent, base, used = [-1] * n, list(range(n)), [False] * n
        queue: deque[int] = deque()
        exposed = [u for u in self.active if alive[u] and mate[u] == -1 and u != root]

        def outer(i: int) -> bool:
            # A vertex joins the tree as outer: its edges to the exposed vertices are
            # scanned at once, not when the queue reaches it. Any order of scanning is
            # correct; this one ends the search as soon as a path exists (in a near-complete
            # graph, usually at the first outer vertex) instead of after a whole level.
            for e in exposed:
                if parent[e] == -1 and e not in forbidden[i]:
                    parent[e] = i
                    self._flip(e, parent)
                    return True
            used[i] = True
            queue.append(i)
            return False

        if outer(root):
            return True
        while queue:
            v = queue.popleft()
            for to in self.active:
                if not alive[to] or to == v or to in forbidden[v] or base[v] == base[to] or mate[v] == to:
                    continue
                if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                    top = self._lca(v, to, parent, base)
                    blossom = [False] * n
                    self._mark(v, top, to, parent, base, blossom)
                    self._mark(to, top, v, parent, base, blossom)
                    for i in self.active:
                        if alive[i] and blossom[base[i]]:
                            base[i] = top
                            if not used[i] and outer(i):
                                return True
                elif parent[to] == -1 and mate[to] != -1:
                    parent[to] = v
                    if outer(mate[to]):
                        return True
        return False

    def _flip(self, end: int, parent: list[int]) -> None:
        """Swap matched and unmatched edges along the tree path from exposed ``end`` to the root."""
        mate = self.mate
        while end != -1:
            p = parent[end]
            nxt = mate[p]
            mate[end], mate[p] = p, end
            end = nxt

    def _lca(self, a: int, b: int, parent: list[int], base: list[int]) -> int:
        seen = set()
        while True:
            a = base[a]
            seen.add(a)
            if self.mate[a] == -1:
                break
            a = parent[self.mate[a]]
        while True:
            b = base[b]
            if b in seen:
                return b
            b = parent[self.mate[b]]

    def _mark(
        self, v: int, top: int, child: int, parent: list[int], base: list[int], blossom: list[bool]
    ) -> None:
        while base[v] != top:
            blossom[base[v]] = blossom[base[self.mate[v]]] = True
            parent[v] = child
            child = self.mate[v]
            v = parent[child]
