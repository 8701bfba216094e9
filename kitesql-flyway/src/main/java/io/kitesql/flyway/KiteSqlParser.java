package io.kitesql.flyway;

import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/**
 * Splits migration scripts into statements: standard SQL, {@code ;}-terminated, as Flyway's base
 * parser reads it.
 */
final class KiteSqlParser extends Parser {
  KiteSqlParser(Configuration configuration, ParsingContext parsingContext) {
    super(configuration, parsingContext, 3);
  }
}
