package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.data.mapping.model.EntityInstantiators;
import org.springframework.data.mapping.model.InstantiationAwarePropertyAccessor;

/**
 * An aggregate root with {@code @MappedCollection}s, read and written as Spring Data JDBC does:
 * saving the root deletes its elements' rows and inserts the current ones, deleting it deletes them
 * first, all in the save's or delete's write transaction. Reading differs: a query's roots get
 * their collections from one statement per collection for all of them ({@code where back_reference
 * in (...)}), read in the roots' transaction, instead of one per root. An element with an
 * {@code @Id} may hold collections itself (a nested level, an aggregate of its own here): they are
 * read for all the elements of a level at once, written after them, deleted before them.
 */
final class Aggregate<T> implements EntityMapping.ResultCompletion<T> {
  private static final EntityInstantiators INSTANTIATORS = new EntityInstantiators();

  private final KiteSqlTemplate template;
  private final EntityMapping<T> root;
  private final List<MappedCollectionTable> collections;

  private Aggregate(
      KiteSqlTemplate template, EntityMapping<T> root, List<MappedCollectionTable> collections) {
    this.template = template;
    this.root = root;
    this.collections = collections;
  }

  /**
   * The aggregate of {@code root}'s entity, made and attached to the mapping (so that every query
   * reading its entities reads their collections) the first time; empty for an entity without
   * {@code @MappedCollection}s. An unsupported collection fails here, naming its property.
   */
  static <T> Optional<Aggregate<T>> attach(
      KiteSqlTemplate template, KiteSqlMappingContext context, EntityMapping<T> root) {
    return attach(template, context, root, Set.of(root.type()));
  }

  /** {@link #attach}, for a level whose enclosing levels hold the entities {@code enclosing}. */
  @SuppressWarnings("unchecked")
  static <T> Optional<Aggregate<T>> attach(
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      EntityMapping<T> root,
      Set<Class<?>> enclosing) {
    synchronized (root) {
      var attached = root.resultCompletion();
      if (attached.isPresent()) {
        return attached
            .filter(Aggregate.class::isInstance)
            .map(completion -> (Aggregate<T>) completion);
      }
      var collections = new ArrayList<MappedCollectionTable>();
      for (var property : root.entity()) {
        if (EntityMapping.isMappedCollection(property, root.conversions())) {
          collections.add(
              MappedCollectionTable.of(
                  template, context, root.entity(), property, root.conversions(), enclosing));
        }
      }
      if (collections.isEmpty()) {
        return Optional.empty();
      }
      var aggregate = new Aggregate<>(template, root, List.copyOf(collections));
      root.completeResultsWith(aggregate);
      return Optional.of(aggregate);
    }
  }

  /**
   * Reads the collections of {@code roots}, one statement per collection; called in the roots'
   * transaction.
   */
  @Override
  public List<T> complete(List<T> roots) {
    if (roots.isEmpty()) {
      return roots;
    }
    var ids = new Object[roots.size()];
    var keys = new Object[roots.size()];
    for (int i = 0; i < ids.length; i++) {
      keys[i] = root.get(roots.get(i), root.id());
      ids[i] = root.conversions().write(keys[i]);
    }
    var completed = new ArrayList<T>(roots);
    for (var collection : collections) {
      var byRoot = collection.read(template, ids);
      for (int i = 0; i < ids.length; i++) {
        var elements = byRoot.get(keys[i]);
        completed.set(
            i,
            with(completed.get(i), collection, elements == null ? collection.empty() : elements));
      }
    }
    return completed;
  }

  /**
   * Inserts the elements of a root just inserted (or upserted after its old elements were deleted).
   */
  <S extends T> S insertElements(S saved) {
    var id = root.conversions().write(root.get(saved, root.id()));
    S result = saved;
    for (var collection : collections) {
      var value = root.entity().getPropertyAccessor(result).getProperty(collection.property());
      var written = collection.insert(template, id, value);
      if (written != value) {
        result = with(result, collection, written);
      }
    }
    return result;
  }

  /**
   * Replaces the elements of a root just updated: its old rows deleted, its current ones inserted.
   */
  <S extends T> S replaceElements(S saved) {
    deleteElements(new Object[] {root.conversions().write(root.get(saved, root.id()))});
    return insertElements(saved);
  }

  /** Deletes the elements of the roots whose ids (as written) are {@code ids}. */
  void deleteElements(Object[] ids) {
    for (var collection : collections) {
      collection.delete(template, ids);
    }
  }

  void deleteAllElements() {
    for (var collection : collections) {
      collection.deleteAll(template);
    }
  }

  private <S extends T> S with(S bean, MappedCollectionTable collection, Object value) {
    var accessor =
        new InstantiationAwarePropertyAccessor<>(
            bean, root.entity()::getPropertyAccessor, INSTANTIATORS);
    accessor.setProperty(collection.property(), value);
    return accessor.getBean();
  }
}
