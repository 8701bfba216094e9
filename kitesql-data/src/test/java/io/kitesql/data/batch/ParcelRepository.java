package io.kitesql.data.batch;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.KiteSqlUpsertRepository;

public interface ParcelRepository
    extends KiteSqlRepository<Parcel, Long>, KiteSqlUpsertRepository<Parcel> {}
