package io.kitesql.catalog;

/** What a catalog entry defines: a table or a view; both share one name space. */
public sealed interface CatalogEntry permits TableDef, ViewDef {
  int id();

  String name();
}
