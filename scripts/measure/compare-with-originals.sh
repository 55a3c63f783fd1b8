#!/usr/bin/env bash
# socialgraph side by side with the original tools (LinkBench's driver, the C++ TAOBench tool).
# Everything is in scripts/measure/lib/compare_with_originals.py; --help lists the options.
set -euo pipefail
command -v python3 >/dev/null || { echo "compare-with-originals: python3 is required" >&2; exit 2; }
exec python3 "$(cd "$(dirname "$0")" && pwd)/lib/compare_with_originals.py" "$@"
