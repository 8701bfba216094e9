package io.kitesql.data.embedded;

import io.kitesql.data.repository.KiteSqlRepository;

public interface VersionedLineRepository extends KiteSqlRepository<VersionedLine, OrderLineId> {}
