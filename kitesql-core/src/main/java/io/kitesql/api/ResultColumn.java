package io.kitesql.api;

import io.kitesql.value.DataType;

/** A column of a query result: its label and SQL type. */
public record ResultColumn(String name, DataType type) {}
