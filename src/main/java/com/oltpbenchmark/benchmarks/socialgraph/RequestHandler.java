package com.oltpbenchmark.benchmarks.socialgraph;

/**
 * One transaction type's handler, bound once, when its worker is built, to that worker's procedure
 * and request stream ({@link RequestHandlers#bind}): it draws the type's next request and describes
 * it as a {@link Request}. Handlers only draw and call their procedure; they never touch a concern
 * that every request shares (see {@link RequestPipeline}).
 */
@FunctionalInterface
interface RequestHandler {

  Request draw();
}
