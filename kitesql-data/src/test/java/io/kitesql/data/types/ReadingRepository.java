package io.kitesql.data.types;

import io.kitesql.data.repository.KiteSqlRepository;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

public interface ReadingRepository extends KiteSqlRepository<Reading, UUID> {
  List<Reading> findByKind(Reading.Kind kind);

  List<Reading> findBySeenAfter(Instant instant);

  List<Reading> findByActiveTrue();

  List<Reading> findByActiveFalse();
}
