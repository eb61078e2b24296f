"""A child process of tests/dist/test_two_nodes.py: starts a two-node Ray cluster on this machine
(ray.cluster_utils.Cluster: a head and a second node, each a raylet of its own with one CPU),
counts perft on it through the library and through the command, prints what it saw as JSON, and
shuts the cluster down. A child of its own because a process joins one cluster at a time, and
the test session's process has joined the session's."""

from __future__ import annotations

import json
import subprocess
import sys

import ray
from ray.cluster_utils import Cluster

from fourchess import Board
from fourchess.dist.perft import ray_executor
from fourchess.perft_split import Counted, SplitPerft

STORE = 80 * 1024 * 1024

cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1, "object_store_memory": STORE})
try:
    cluster.add_node(num_cpus=1, object_store_memory=STORE)
    cluster.wait_for_nodes()
    ray.init(address=cluster.address, logging_level="WARNING", log_to_driver=False)
    seen: list[Counted] = []
    count = SplitPerft(Board(mode=sys.argv[1]), 5)
    lines = dict(count.run(ray_executor(), None, seen.append))
    command = subprocess.run(
        [sys.executable, "-m", "fourchess", "perft", "5", "--mode", sys.argv[1], "--divide", "--ray"]
        + ["--address", cluster.address],
        capture_output=True,
        text=True,
        timeout=300,
    )
    report = {
        "nodes_alive": sum(node["Alive"] for node in ray.nodes()),
        "counted_on": sorted({counted.node for counted in seen}),
        "divide": lines,
        "command_status": command.returncode,
        "command_out": command.stdout,
        "command_err": command.stderr[-2000:],
    }
    print(json.dumps(report))
finally:
    ray.shutdown()
    cluster.shutdown()
