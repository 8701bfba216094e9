package io.kitesql.data.batch;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

@Table("measurements")
public record Measurement(@Id Long id, CharSequence sensor, double value) {}
