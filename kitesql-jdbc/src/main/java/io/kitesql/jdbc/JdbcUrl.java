package io.kitesql.jdbc;

import io.kitesql.KiteSqlException;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A parsed {@code jdbc:kitesql:<path>[?option=value&...]} or {@code
 * jdbc:kitesql:mem:<name>[?option=value&...]} URL: the database (a directory, or a named in-memory
 * database) and the storage options it names (the names of {@link StorageOptions}'s components,
 * plus {@code readOnly}). Without options, a connection shares the instance already open in this
 * process with whatever options it has (or opens with the defaults: for an in-memory database
 * {@link StorageOptions#inMemoryDefaults()}).
 *
 * @param database the database directory or in-memory name
 * @param options the storage options the URL names; empty if it names none
 */
record JdbcUrl(Target database, Optional<StorageOptions> options) {
  static final String PREFIX = "jdbc:kitesql:";
  static final String MEMORY = "mem:";

  /** What a URL opens. */
  sealed interface Target {}

  /** A database directory. */
  record Directory(Path path) implements Target {}

  /**
   * The in-memory database of this name, shared within the process ({@code
   * KiteSql.inMemoryShared}).
   */
  record InMemory(String name) implements Target {}

  /**
   * Connection properties tools pass to every driver; there is no authentication, so they are
   * ignored.
   */
  private static final Set<String> CREDENTIALS = Set.of("user", "password");

  private static final Pattern SIZE =
      Pattern.compile("(\\d+)\\s*([kmgt]?)(i?b)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern MILLIS =
      Pattern.compile("(\\d+)\\s*(ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

  static boolean accepts(String url) {
    return url.startsWith(PREFIX);
  }

  /**
   * Parses {@code url}, with {@code info}'s properties as further options (the URL's win).
   *
   * @throws SQLException 08001 naming what is wrong: a missing path, an unknown option, a bad value
   */
  static JdbcUrl parse(String url, Properties info) throws SQLException {
    if (!accepts(url)) {
      throw invalid(url, "it does not start with " + PREFIX);
    }
    var rest = url.substring(PREFIX.length());
    int query = rest.indexOf('?');
    var path = query < 0 ? rest : rest.substring(0, query);
    if (path.isBlank()) {
      throw invalid(url, "it names no database directory (" + PREFIX + "<path>)");
    }
    boolean inMemory = path.startsWith(MEMORY);
    if (inMemory && path.substring(MEMORY.length()).isBlank()) {
      throw invalid(
          url,
          "it names no in-memory database ("
              + PREFIX
              + MEMORY
              + "<name>; connections meet on the name)");
    }
    var settings = new LinkedHashMap<String, String>();
    info.stringPropertyNames().stream()
        .filter(name -> !CREDENTIALS.contains(name))
        .forEach(name -> settings.put(name, info.getProperty(name)));
    if (query >= 0) {
      settings.putAll(parameters(url, rest.substring(query + 1)));
    }
    var options =
        settings.isEmpty()
            ? Optional.<StorageOptions>empty()
            : Optional.of(
                options(
                    url,
                    settings,
                    inMemory ? StorageOptions.inMemoryDefaults() : StorageOptions.defaults()));
    try {
      return new JdbcUrl(
          inMemory ? new InMemory(path.substring(MEMORY.length())) : new Directory(Path.of(path)),
          options);
    } catch (InvalidPathException e) {
      throw invalid(url, "the path is not valid: " + e.getMessage());
    }
  }

  private static Map<String, String> parameters(String url, String query) throws SQLException {
    var parameters = new LinkedHashMap<String, String>();
    for (var pair : query.split("&", -1)) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw invalid(url, "option '" + pair + "' is not name=value");
      }
      if (parameters.put(pair.substring(0, eq), pair.substring(eq + 1)) != null) {
        throw invalid(url, "option " + pair.substring(0, eq) + " is given twice");
      }
    }
    return parameters;
  }

  private static StorageOptions options(
      String url, Map<String, String> settings, StorageOptions defaults) throws SQLException {
    var options = defaults;
    for (var setting : settings.entrySet()) {
      var name = setting.getKey();
      var value = setting.getValue().strip();
      try {
        options = apply(options, name, value);
      } catch (KiteSqlException | IllegalArgumentException | DateTimeParseException e) {
        var reason = e instanceof KiteSqlException k ? k.reason() : e.getMessage();
        throw invalid(url, "option " + name + "=" + value + " is not valid: " + reason);
      }
      if (options == null) {
        throw invalid(
            url,
            "unknown option "
                + name
                + " (known: mapSize, maxMapSize, maxReaders, readPoolSize, "
                + "durability, readerWait, writerWait, drainWait, replayLimitBytes, readOnly, accessMode, writeMap)");
      }
    }
    return options;
  }

  /** {@code options} with one setting applied; null for an unknown name. */
  private static StorageOptions apply(StorageOptions options, String name, String value) {
    return switch (name) {
      case "mapSize" -> options.withMapSize(bytes(value));
      case "maxMapSize" -> options.withMaxMapSize(bytes(value));
      case "maxReaders" -> options.withMaxReaders(Integer.parseInt(value));
      case "readPoolSize" -> options.withReadPoolSize(Integer.parseInt(value));
      case "durability" ->
          options.withDurability(Durability.valueOf(value.toUpperCase(Locale.ROOT)));
      case "readerWait" -> options.withReaderWait(duration(value));
      case "writerWait" -> options.withWriterWait(duration(value));
      case "drainWait" -> options.withDrainWait(duration(value));
      case "replayLimitBytes" -> options.withReplayLimitBytes(bytes(value));
      case "readOnly" -> bool(value) ? options.readOnly() : options;
      case "accessMode" ->
          switch (StorageOptions.AccessMode.valueOf(value.toUpperCase(Locale.ROOT))) {
            case READ_WRITE -> options;
            case READ_ONLY -> options.readOnly();
            case READ_ONLY_NO_WRITERS -> options.readOnlyAssumingNoWriters();
          };
      case "writeMap" -> options.withWriteMap(bool(value));
      default -> null;
    };
  }

  /** Bytes: a number, optionally with a binary unit ({@code 64MB}, {@code 1g}, {@code 512KiB}). */
  private static long bytes(String value) {
    var m = SIZE.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException("expected bytes, e.g. 1073741824, 64MB or 1GiB");
    }
    int shift =
        switch (m.group(2).toLowerCase(Locale.ROOT)) {
          case "k" -> 10;
          case "m" -> 20;
          case "g" -> 30;
          case "t" -> 40;
          default -> 0;
        };
    long number = Long.parseLong(m.group(1));
    if (number > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("too large");
    }
    return number << shift;
  }

  /**
   * A duration: ISO-8601 ({@code PT30S}) or a number of milliseconds with an optional unit ({@code
   * 500ms}, {@code 30s}).
   */
  private static Duration duration(String value) {
    if (value.regionMatches(true, 0, "P", 0, 1)) {
      return Duration.parse(value);
    }
    var m = MILLIS.matcher(value);
    if (!m.matches()) {
      throw new IllegalArgumentException("expected a duration, e.g. 500ms, 30s, 2m or PT30S");
    }
    long amount = Long.parseLong(m.group(1));
    var unit = m.group(2) == null ? "ms" : m.group(2).toLowerCase(Locale.ROOT);
    return switch (unit) {
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      case "h" -> Duration.ofHours(amount);
      default -> Duration.ofMillis(amount);
    };
  }

  private static boolean bool(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("expected true or false");
    };
  }

  private static SQLException invalid(String url, String reason) {
    return new SQLException("invalid KiteSQL JDBC URL " + url + ": " + reason, "08001");
  }
}
