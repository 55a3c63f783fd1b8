package com.oltpbenchmark.api;

/** Marker base class for trace-driven operations (see {@link TransactionGenerator}). */
public abstract class Operation {}
