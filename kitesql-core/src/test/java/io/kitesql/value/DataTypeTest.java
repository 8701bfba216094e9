package io.kitesql.value;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DataTypeTest {
  @Test
  void widthsAndValidation() {
    assertThat(DataType.INT.fixedWidth()).isEqualTo(Integer.BYTES);
    assertThat(DataType.BIGINT.fixedWidth()).isEqualTo(Long.BYTES);
    assertThat(DataType.DATE.fixedWidth()).isEqualTo(Integer.BYTES);
    assertThat(DataType.decimal(10, 2).fixedWidth()).isEqualTo(Long.BYTES);
    assertThat(DataType.varchar(20).isVariableWidth()).isTrue();
    assertThat(DataType.varchar(20).fixedWidth()).isZero();
    assertThat(DataType.decimal(10, 2).toString()).isEqualTo("DECIMAL(10, 2)");
    assertThat(DataType.varchar(0)).isEqualTo(DataType.VARCHAR);
    assertThatThrownBy(() -> DataType.decimal(19, 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DataType.decimal(5, 6)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DataType(TypeKind.INT, 3, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> DataType.varchar(-1)).isInstanceOf(IllegalArgumentException.class);
  }
}
