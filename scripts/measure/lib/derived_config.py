"""Edits of a benchmark config that the benchmark scripts share (socialgraph-benchmark.sh,
scale-benchmark.sh, soak.sh, runtime-vs-upstream.sh, upstream-dropin.sh, engine_comparison.py):
the database, the graph size and a phase's elements."""

import re
import xml.etree.ElementTree as ET


def child(parent, tag):
    """The element <tag> of parent, created empty if there is none."""
    e = parent.find(tag)
    return e if e is not None else ET.SubElement(parent, tag)


def set_text(parent, tag, value):
    child(parent, tag).text = str(value)


def set_nodes(root, nodes):
    """<linkbench><maxid1> = startid1 (default 1) + nodes."""
    lb = child(root, "linkbench")
    start = lb.find("startid1")
    first = int(start.text.strip()) if start is not None and (start.text or "").strip() else 1
    set_text(lb, "maxid1", first + int(nodes))


def set_database(root, name):
    """Points <url> at database <name> on the same server, keeping the URL's parameters."""
    url = child(root, "url")
    url.text = re.sub(r"(jdbc:[a-z]+://[^/]+/)[^?;]*", lambda m: m.group(1) + name, (url.text or "").strip(),
                      count=1)
