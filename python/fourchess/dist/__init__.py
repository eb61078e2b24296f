"""Work that outgrows one machine, on a Ray cluster (the optional extra: ``pip install
'fourchess[ray]'``): perft split into subtree tasks (:mod:`fourchess.dist.perft`), matches whose
games are tasks (:mod:`fourchess.dist.match`) and self-play by actors that keep their engine
(:mod:`fourchess.dist.selfplay`).

Nothing here imports Ray until it is used, so ``import fourchess.dist`` works without the extra;
the first call that needs a cluster raises :class:`RayMissing`, naming the extra. Addresses follow
Ray's own conventions (:func:`fourchess.dist.cluster.connect`): ``ray start --head`` on one
machine, ``ray start --address HEAD:6379`` on the others, then ``--address`` or ``RAY_ADDRESS``;
with neither, Ray joins the cluster last started on this machine or starts one for the run.
"""

from __future__ import annotations

from fourchess.dist.cluster import ClusterUnreachable, RayMissing, connect

__all__ = ["ClusterUnreachable", "RayMissing", "connect"]
