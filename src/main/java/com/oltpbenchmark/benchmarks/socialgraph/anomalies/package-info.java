/**
 * What the reads saw: every write of the driver carries a stamp naming its transaction, the driver
 * remembers, bounded, what recent write transactions wrote and when, and every read result is
 * checked against that memory while the run goes (fractured reads, stale reads, read-your-writes
 * violations). docs/anomalies.md states each rule and why it cannot report a correct database.
 */
package com.oltpbenchmark.benchmarks.socialgraph.anomalies;
