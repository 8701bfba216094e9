package io.kitesql.data.embedded;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/** A composite id with a version: new while its version is null, as Spring Data JDBC decides. */
@Table("versioned_lines")
public record VersionedLine(@Id OrderLineId id, CharSequence product, @Version Integer version) {}
