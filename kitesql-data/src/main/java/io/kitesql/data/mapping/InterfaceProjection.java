package io.kitesql.data.mapping;

import io.kitesql.data.core.Row;
import io.kitesql.data.core.RowMapper;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeanUtils;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.util.ParsingUtils;

/**
 * Reads rows into an interface projection ({@code interface PostView { CharSequence getBody(); }})
 * backed by the row's values in an array: one proxy and one array per row, where Spring Data's
 * default path builds a {@code HashMap} per row. Getters return the column values converted to
 * their return types once, when the row is read; a {@code CharSequence} getter returns the borrowed
 * text itself. A getter of the entity's {@code @Embedded} value returns that value, read from its
 * columns ({@link ProjectionColumns}).
 */
public final class InterfaceProjection<T> implements RowMapper<T> {
  private final Class<T> type;
  private final Map<Method, Integer> slotByGetter = new HashMap<>();
  private final ProjectionColumns slots;
  private final Conversions conversions;

  /**
   * The proxy class's constructor, found once: {@code Proxy.newProxyInstance} looks it up per call.
   */
  private final Constructor<?> proxyConstructor;

  public InterfaceProjection(
      Class<T> type, @Nullable EntityMapping<?> domain, Conversions conversions) {
    if (!type.isInterface()) {
      throw new IllegalArgumentException(type.getName() + " is not an interface");
    }
    this.type = type;
    this.conversions = conversions;
    this.slots = new ProjectionColumns(type, domain);
    for (var descriptor : BeanUtils.getPropertyDescriptors(type)) {
      var getter = descriptor.getReadMethod();
      if (getter == null || getter.isDefault()) {
        continue;
      }
      var name = descriptor.getName();
      // the entity's column of the property, else the default naming strategy's (snake_case), else
      // the name itself; the entity's columns of an @Embedded value
      var candidates = new ArrayList<String>();
      if (domain != null) {
        domain.column(name).map(MappedColumn::name).ifPresent(candidates::add);
      }
      candidates.add(ParsingUtils.reconcatenateCamelCase(name, "_"));
      candidates.add(name);
      slotByGetter.put(
          getter, slots.add(name, getter.getReturnType(), candidates.stream().distinct().toList()));
    }
    if (slots.size() == 0) {
      throw new MappingException("projection " + type.getName() + " declares no getters");
    }
    slots.complete();
    var sample =
        Proxy.newProxyInstance(
            type.getClassLoader(), new Class<?>[] {type}, new Values(new Object[slots.size()]));
    try {
      this.proxyConstructor = sample.getClass().getConstructor(InvocationHandler.class);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(
          "a proxy class without its InvocationHandler constructor: " + sample.getClass(), e);
    }
  }

  /**
   * The properties this projection reads (its getters), in declaration order of the bean
   * introspector.
   */
  public List<String> propertyNames() {
    return slots.names();
  }

  @Override
  public T mapRow(Row row) {
    int[] indexes = slots.indexesFor(row);
    var values = new Object[slots.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = slots.read(row, indexes, i, conversions);
    }
    try {
      return type.cast(proxyConstructor.newInstance(new Values(values)));
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot make a " + type.getName() + " projection", e);
    }
  }

  /**
   * The proxy's behaviour: getters answer from the array, default methods run, Object's methods by
   * value.
   */
  private final class Values implements InvocationHandler {
    private final Object[] values;

    Values(Object[] values) {
      this.values = values;
    }

    @Override
    public @Nullable Object invoke(Object proxy, Method method, @Nullable Object[] args)
        throws Throwable {
      var slot = slotByGetter.get(method);
      if (slot != null) {
        return values[slot];
      }
      if (method.isDefault()) {
        return InvocationHandler.invokeDefault(proxy, method, args);
      }
      return switch (method.getName()) {
        case "equals" ->
            args != null
                && args[0] != null
                && Proxy.isProxyClass(args[0].getClass())
                && Proxy.getInvocationHandler(args[0])
                    instanceof InterfaceProjection<?>.Values other
                && Arrays.equals(values, other.values);
        case "hashCode" -> Arrays.hashCode(values);
        case "toString" -> type.getSimpleName() + toText();
        default ->
            throw new UnsupportedOperationException(
                method + " is not a getter of " + type.getName());
      };
    }

    private String toText() {
      var text = new StringBuilder("[");
      for (int i = 0; i < values.length; i++) {
        text.append(i == 0 ? "" : ", ").append(slots.name(i)).append('=').append(values[i]);
      }
      return text.append(']').toString();
    }
  }
}
