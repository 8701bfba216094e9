package io.kitesql.data.lifecycle;

import io.kitesql.data.repository.KiteSqlRepository;

public interface ShipmentRepository extends KiteSqlRepository<Shipment, Long> {}
