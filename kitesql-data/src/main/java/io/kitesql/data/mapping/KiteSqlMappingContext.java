package io.kitesql.data.mapping;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Set;
import java.util.UUID;
import org.springframework.data.mapping.model.SimpleTypeHolder;
import org.springframework.data.relational.core.mapping.DefaultNamingStrategy;
import org.springframework.data.relational.core.mapping.NamingStrategy;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;

/**
 * The mapping metadata of KiteSQL entities: Spring Data Relational's, so that {@code @Table},
 * {@code @Column} and {@code @Id} mean what they mean on Spring Data JDBC and an entity moves to a
 * server database unchanged. Names are snake_case by default. The engine's value types ({@link
 * Text} behind {@link CharSequence} fields, {@link Binary}) are simple types, not entities.
 */
public class KiteSqlMappingContext extends RelationalMappingContext {
  /** The column types a property may have besides Spring Data's own simple types. */
  public static final Set<Class<?>> SIMPLE_TYPES =
      Set.of(
          CharSequence.class,
          Text.class,
          Binary.class,
          byte[].class,
          BigDecimal.class,
          BigInteger.class,
          LocalDate.class,
          LocalDateTime.class,
          Instant.class,
          UUID.class);

  public KiteSqlMappingContext() {
    this(DefaultNamingStrategy.INSTANCE);
  }

  @SuppressWarnings("this-escape") // setSimpleTypeHolder only stores the holder
  public KiteSqlMappingContext(NamingStrategy namingStrategy) {
    super(namingStrategy);
    setSimpleTypeHolder(new SimpleTypeHolder(SIMPLE_TYPES, true));
  }
}
