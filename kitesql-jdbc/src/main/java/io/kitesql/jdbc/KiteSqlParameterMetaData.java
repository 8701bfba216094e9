package io.kitesql.jdbc;

import io.kitesql.api.PreparedStatement;
import io.kitesql.value.DataType;
import java.sql.ParameterMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The parameters of a statement as the engine typed them from their use ({@code id = ?} takes the
 * column's type); a parameter nothing types ({@code select ?}) is VARCHAR. Nullability is not known
 * from the statement.
 */
final class KiteSqlParameterMetaData implements ParameterMetaData {
  private final List<DataType> types = new ArrayList<>();

  KiteSqlParameterMetaData(PreparedStatement statement) {
    for (int i = 0; i < statement.parameterCount(); i++) {
      types.add(statement.parameterType(i));
    }
  }

  private DataType type(int param) throws SQLException {
    if (param < 1 || param > types.size()) {
      throw new SQLException(
          "parameter index "
              + param
              + " is out of range: the statement has "
              + types.size()
              + " parameters",
          "07009");
    }
    return types.get(param - 1);
  }

  @Override
  public int getParameterCount() {
    return types.size();
  }

  @Override
  public int isNullable(int param) throws SQLException {
    type(param);
    return parameterNullableUnknown;
  }

  @Override
  public boolean isSigned(int param) throws SQLException {
    return JdbcTypes.isSigned(type(param));
  }

  @Override
  public int getPrecision(int param) throws SQLException {
    return JdbcTypes.precision(type(param));
  }

  @Override
  public int getScale(int param) throws SQLException {
    return JdbcTypes.scale(type(param));
  }

  @Override
  public int getParameterType(int param) throws SQLException {
    return JdbcTypes.sqlType(type(param));
  }

  @Override
  public String getParameterTypeName(int param) throws SQLException {
    return JdbcTypes.name(type(param));
  }

  @Override
  public String getParameterClassName(int param) throws SQLException {
    return JdbcTypes.className(type(param));
  }

  @Override
  public int getParameterMode(int param) throws SQLException {
    type(param);
    return parameterModeIn;
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return Wrappers.unwrap(this, type, "KiteSQL's parameter metadata");
  }

  @Override
  public boolean isWrapperFor(Class<?> type) {
    return type.isInstance(this);
  }
}
