package io.kitesql.data.batch;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.KiteSqlUpsertRepository;

public interface MeasurementRepository
    extends KiteSqlRepository<Measurement, Long>, KiteSqlUpsertRepository<Measurement> {}
