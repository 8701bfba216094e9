package io.kitesql.boot.autoconfigure;

import io.kitesql.options.StorageOptions;
import java.time.Duration;
import org.springframework.validation.Errors;

/**
 * The checks {@link KiteSqlProperties} runs at binding: each bad value is rejected under its own
 * property with a message saying what it must be, so start-up fails naming every one.
 */
final class KiteSqlPropertiesValidation {
  private KiteSqlPropertiesValidation() {}

  static void validate(KiteSqlProperties p, Errors errors) {
    DatabaseLocation.problem(p.getPath())
        .ifPresent(problem -> errors.rejectValue("path", "invalid", problem));
    if (p.getMapSize().toBytes() < 64 * 1024
        || p.getMapSize().toBytes() > StorageOptions.MAX_MAP_SIZE) {
      errors.rejectValue("mapSize", "range", "must be between 64KB and 65536TB");
    }
    if (p.getMaxMapSize().toBytes() < p.getMapSize().toBytes()) {
      errors.rejectValue(
          "maxMapSize", "min", "must not be below kitesql.map-size (" + p.getMapSize() + ")");
    }
    if (p.getMaxMapSize().toBytes() > StorageOptions.MAX_MAP_SIZE) {
      errors.rejectValue("maxMapSize", "max", "must be at most 65536TB");
    }
    if (p.getMaxReaders() < 2) {
      errors.rejectValue("maxReaders", "min", "must be at least 2");
    }
    if (p.getMaxReaders() > StorageOptions.MAX_READERS) {
      errors.rejectValue("maxReaders", "max", "must be at most " + StorageOptions.MAX_READERS);
    }
    Integer pool = p.getReadPoolSize();
    if (pool != null && (pool < 1 || pool >= p.getMaxReaders())) {
      errors.rejectValue(
          "readPoolSize",
          "range",
          "must be between 1 and kitesql.max-readers - 1 (" + (p.getMaxReaders() - 1) + ")");
    }
    rejectOutOfRange(errors, "readerWait", p.getReaderWait());
    rejectOutOfRange(errors, "writerWait", p.getWriterWait());
    rejectOutOfRange(errors, "drainWait", p.getDrainWait());
    rejectNegative(errors, "closeTimeout", p.getCloseTimeout());
    rejectNegative(errors, "statementTimeout", p.getStatementTimeout());
    if (p.getQueryMemoryLimit() != null && p.getQueryMemoryLimit().toBytes() <= 0) {
      errors.rejectValue("queryMemoryLimit", "min", "must be positive");
    }
    if (p.getReplayLimit().isNegative()) {
      errors.rejectValue("replayLimit", "min", "must not be negative");
    }
    if (p.isReadOnly() && p.isWriteMap()) {
      errors.rejectValue(
          "writeMap",
          "readOnly",
          "must not be true when kitesql.read-only is true: a read-only database writes no pages");
    }
    if (p.isReadOnly() && p.getSchema().getMode() == KiteSqlProperties.SchemaMode.ALWAYS) {
      errors.rejectValue(
          "schema.mode",
          "readOnly",
          "must not be ALWAYS when kitesql.read-only is true: a read-only database cannot run schema scripts (use IF_EMPTY or NEVER)");
    }
    for (int i = 0; i < p.getSchema().getLocations().size(); i++) {
      if (p.getSchema().getLocations().get(i).isBlank()) {
        errors.rejectValue("schema.locations[" + i + "]", "blank", "must not be blank");
      }
    }
    double threshold = p.getHealth().getMapUsageThreshold();
    if (!(threshold > 0 && threshold <= 1)) {
      errors.rejectValue("health.mapUsageThreshold", "range", "must be above 0 and at most 1");
    }
  }

  private static void rejectNegative(Errors errors, String field, Duration value) {
    if (value.isNegative()) {
      errors.rejectValue(field, "min", "must not be negative");
    }
  }

  private static void rejectOutOfRange(Errors errors, String field, Duration value) {
    rejectNegative(errors, field, value);
    if (value.compareTo(StorageOptions.MAX_WAIT) > 0) {
      errors.rejectValue(
          field, "max", "must be at most " + StorageOptions.MAX_WAIT.toDays() + " days");
    }
  }
}
