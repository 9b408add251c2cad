"""Maximum matching in a general graph (Edmonds' blossom algorithm): whether every player of
a round can be paired under the constraints, and how to keep that true pairing by pairing.

Vertices are 0..n-1; `neighbours[v]` lists the vertices v may be paired with."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

UNMATCHED = -1


class Matching:
    """A matching that grows by augmenting paths. Start greedy (in the order given, each
    vertex with its first free neighbour), then `complete()` finds a maximum one."""

    def __init__(self, neighbours: Sequence[Sequence[int]]) -> None:
        self.neighbours = neighbours
        self.size = len(neighbours)
        self.mate = [UNMATCHED] * self.size
        self.removed = [False] * self.size
        for vertex in range(self.size):
            if self.mate[vertex] == UNMATCHED:
                for other in neighbours[vertex]:
                    if self.mate[other] == UNMATCHED and other != vertex:
                        self.mate[vertex], self.mate[other] = other, vertex
                        break

    def complete(self) -> None:
        """Make the matching maximum: augment from every exposed vertex once (a vertex with
        no augmenting path now never gets one later)."""
        for vertex in range(self.size):
            if self.mate[vertex] == UNMATCHED and not self.removed[vertex]:
                self.augment(vertex)

    def perfect(self) -> bool:
        return all(self.mate[v] != UNMATCHED for v in range(self.size) if not self.removed[v])

    def fix(self, one: int, other: int) -> bool:
        """Take the pair (one, other) out of the graph if the rest can still be perfectly
        matched; True if done. Needs a perfect matching of the vertices left to start with."""
        if self.mate[one] == other:
            self.removed[one] = self.removed[other] = True
            return True
        saved = (list(self.mate), list(self.removed))
        partners = [self.mate[one], self.mate[other]]
        self.removed[one] = self.removed[other] = True
        self.mate[one] = self.mate[other] = UNMATCHED
        for partner in partners:
            if partner != UNMATCHED:
                self.mate[partner] = UNMATCHED
        # the two partners left exposed must be joined by one augmenting path
        if partners[0] == UNMATCHED or self.augment(partners[0]):
            self.mate[one], self.mate[other] = other, one
            return True
        self.mate, self.removed = saved
        return False

    def augment(self, root: int) -> bool:
        """Find an augmenting path from the exposed vertex `root` and flip it; False if none."""
        mate, removed, neighbours = self.mate, self.removed, self.neighbours
        parent = [UNMATCHED] * self.size
        base = list(range(self.size))
        used = [False] * self.size
        used[root] = True
        queue = deque([root])

        def common_base(a: int, b: int) -> int:
            seen = [False] * self.size
            while True:
                a = base[a]
                seen[a] = True
                if mate[a] == UNMATCHED:
                    break
                a = parent[mate[a]]
            while True:
                b = base[b]
                if seen[b]:
                    return b
                b = parent[mate[b]]

        def mark_path(vertex: int, blossom_base: int, child: int, blossom: list[bool]) -> None:
            while base[vertex] != blossom_base:
                blossom[base[vertex]] = blossom[base[mate[vertex]]] = True
                parent[vertex] = child
                child = mate[vertex]
                vertex = parent[mate[vertex]]

        while queue:
            vertex = queue.popleft()
            for other in neighbours[vertex]:
                if removed[other] or base[vertex] == base[other] or mate[vertex] == other:
                    continue
                if other == root or (mate[other] != UNMATCHED and parent[mate[other]] != UNMATCHED):
                    # an odd cycle: shrink the blossom to its base
                    blossom_base = common_base(vertex, other)
                    blossom = [False] * self.size
                    mark_path(vertex, blossom_base, other, blossom)
                    mark_path(other, blossom_base, vertex, blossom)
                    for each in range(self.size):
                        if blossom[base[each]]:
                            base[each] = blossom_base
                            if not used[each]:
                                used[each] = True
                                queue.append(each)
                elif parent[other] == UNMATCHED:
                    parent[other] = vertex
                    if mate[other] == UNMATCHED:
                        self._flip(other, parent)
                        return True
                    used[mate[other]] = True
                    queue.append(mate[other])
        return False

    def _flip(self, end: int, parent: list[int]) -> None:
        vertex = end
        while vertex != UNMATCHED:
            previous = parent[vertex]
            following = self.mate[previous]
            self.mate[vertex], self.mate[previous] = previous, vertex
            vertex = following
