package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.List;
import java.util.Random;

/** A workload record's values with the discrete distribution of its weights. */
public record WeightedValues<T>(List<T> values, WeightedChoice choice) {

  public WeightedValues {
    values = List.copyOf(values);
    if (values.size() != choice.size()) {
      throw new IllegalArgumentException(
          values.size() + " values but " + choice.size() + " weights");
    }
  }

  public T sample(Random rng) {
    return values.get(choice.sample(rng));
  }

  /** Probability of drawing {@code value} (summed over equal values). */
  public double probabilityOf(T value) {
    double p = 0;
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i).equals(value)) {
        p += choice.probability(i);
      }
    }
    return p;
  }
}
