package io.kitesql.data.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.mapping.KiteSqlCustomConversions;
import io.kitesql.data.repository.KiteSqlTestConfiguration;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/** Every supported field type survives a round trip, and custom converters apply both ways. */
@SpringJUnitConfig(FieldTypesTest.Config.class)
class FieldTypesTest {

  @Configuration
  @Import(KiteSqlTestConfiguration.class)
  @EnableKiteSqlRepositories(basePackageClasses = ReadingRepository.class)
  static class Config {
    @Bean
    KiteSqlCustomConversions kiteSqlCustomConversions() {
      return new KiteSqlCustomConversions(List.of(new CelsiusToDecimal(), new DecimalToCelsius()));
    }
  }

  @WritingConverter
  static final class CelsiusToDecimal implements Converter<Reading.Celsius, BigDecimal> {
    @Override
    public BigDecimal convert(Reading.Celsius source) {
      return source.degrees();
    }
  }

  @ReadingConverter
  static final class DecimalToCelsius implements Converter<BigDecimal, Reading.Celsius> {
    @Override
    public Reading.Celsius convert(BigDecimal source) {
      return new Reading.Celsius(source);
    }
  }

  @Autowired ReadingRepository readings;
  private Reading windy;
  private Reading rainy;

  @BeforeEach
  void load() {
    readings.deleteAll();
    windy =
        new Reading(
            UUID.fromString("00000000-0000-0000-0000-000000000001"),
            Reading.Kind.WIND,
            true,
            7,
            9_000_000_000L,
            0.25,
            new BigDecimal("12.50"),
            LocalDate.of(2026, 12, 2),
            LocalDateTime.of(2026, 12, 2, 3, 4, 5),
            Instant.parse("2026-12-02T03:04:05Z"),
            new byte[] {1, 2, 3, -1},
            "gust",
            "north-east ✈",
            new Reading.Celsius(new BigDecimal("-3.5")));
    rainy =
        new Reading(
            UUID.fromString("00000000-0000-0000-0000-000000000002"),
            Reading.Kind.RAIN,
            false,
            null,
            0,
            -1.5,
            BigDecimal.ZERO,
            LocalDate.of(2020, 2, 29),
            LocalDateTime.of(2020, 2, 29, 0, 0),
            Instant.parse("2020-02-29T00:00:00Z"),
            new byte[0],
            "",
            null,
            new Reading.Celsius(new BigDecimal("21.0")));
    readings.saveAll(List.of(windy, rainy));
  }

  @Test
  void everyTypeRoundTrips() {
    var read = readings.findById(windy.id()).orElseThrow();
    assertThat(read.kind()).isEqualTo(windy.kind());
    assertThat(read.active()).isTrue();
    assertThat(read.count()).isEqualTo(7);
    assertThat(read.total()).isEqualTo(9_000_000_000L);
    assertThat(read.ratio()).isEqualTo(0.25);
    assertThat(read.price()).isEqualByComparingTo("12.50");
    assertThat(read.day()).isEqualTo(windy.day());
    assertThat(read.at()).isEqualTo(windy.at());
    assertThat(read.seen()).isEqualTo(windy.seen());
    assertThat(read.payload()).containsExactly(1, 2, 3, -1);
    assertThat(read.label()).isEqualTo("gust");
    assertThat(read.note().toString()).isEqualTo("north-east ✈");
    assertThat(read.temperature().degrees()).isEqualByComparingTo("-3.5");

    var other = readings.findById(rainy.id()).orElseThrow();
    assertThat(other.count()).isNull();
    assertThat(other.note()).isNull();
    assertThat(other.payload()).isEmpty();
    assertThat(other.label()).isEmpty();
  }

  @Test
  void typedArgumentsSelectTheRightRows() {
    assertThat(readings.findByKind(Reading.Kind.RAIN))
        .extracting(Reading::id)
        .containsExactly(rainy.id());
    assertThat(readings.findBySeenAfter(Instant.parse("2025-01-01T00:00:00Z")))
        .extracting(Reading::id)
        .containsExactly(windy.id());
    assertThat(readings.findByActiveTrue()).extracting(Reading::id).containsExactly(windy.id());
    assertThat(readings.findByActiveFalse()).extracting(Reading::id).containsExactly(rainy.id());
  }
}
