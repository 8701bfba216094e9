package io.kitesql.data.embedded;

/** An interface projection holding both embedded addresses of a {@link Customer}. */
public interface CustomerAddresses {
  CharSequence getName();

  Address getHome();

  Address getWork();
}
