package com.oltpbenchmark.catalog;

import java.io.Serializable;
import java.util.Objects;

/** A named schema object; the separator is the DBMS's identifier quote. */
public abstract class AbstractCatalogObject implements Serializable {
  private static final long serialVersionUID = 1L;

  protected final String name;
  protected final String separator;

  public AbstractCatalogObject(String name, String separator) {
    this.name = name;
    this.separator = separator;
  }

  public String getName() {
    return name;
  }

  public String getSeparator() {
    return separator;
  }

  public final String getEscapedName() {
    return separator == null ? name : separator + name + separator;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    AbstractCatalogObject that = (AbstractCatalogObject) o;
    return Objects.equals(name, that.name) && Objects.equals(separator, that.separator);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, separator);
  }

  @Override
  public String toString() {
    return getClass().getSimpleName() + "{" + name + "}";
  }
}
