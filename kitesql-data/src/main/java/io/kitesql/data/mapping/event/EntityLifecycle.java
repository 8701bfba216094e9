package io.kitesql.data.mapping.event;

import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.domain.AfterDomainEventPublication;
import org.springframework.data.domain.DomainEvents;
import org.springframework.data.mapping.callback.EntityCallbacks;
import org.springframework.data.relational.core.conversion.MutableAggregateChange;
import org.springframework.data.relational.core.mapping.event.AfterConvertCallback;
import org.springframework.data.relational.core.mapping.event.AfterDeleteCallback;
import org.springframework.data.relational.core.mapping.event.AfterDeleteEvent;
import org.springframework.data.relational.core.mapping.event.AfterSaveCallback;
import org.springframework.data.relational.core.mapping.event.AfterSaveEvent;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeConvertEvent;
import org.springframework.data.relational.core.mapping.event.BeforeDeleteCallback;
import org.springframework.data.relational.core.mapping.event.BeforeDeleteEvent;
import org.springframework.data.relational.core.mapping.event.BeforeSaveCallback;
import org.springframework.data.relational.core.mapping.event.BeforeSaveEvent;
import org.springframework.data.relational.core.mapping.event.Identifier;
import org.springframework.data.util.AnnotationDetectionMethodCallback;
import org.springframework.util.ReflectionUtils;

/**
 * The entity callbacks and lifecycle events of one application, in Spring Data JDBC's order: on
 * save, {@code BeforeConvert}, then {@code BeforeSave}, the statement, then {@code AfterSave}; on
 * delete of an entity, {@code BeforeDelete}, the statement, then {@code AfterDelete}; on every
 * entity read, {@code AfterConvert}. Each step publishes Spring Data Relational's event ({@link
 * BeforeSaveEvent} and so on) first and then calls the callbacks, whose returned entity is the one
 * that goes on (a callback may return a changed copy of an immutable entity).
 *
 * <p>Reads cost nothing extra unless the application has an {@link AfterConvertCallback} bean:
 * {@code AfterConvertEvent} is not published (one event per row read would tax every query).
 * Deletes by id ({@code deleteById}, {@code deleteAllById}) publish the delete events with the id
 * and no entity, as Spring Data JDBC does, and call no callbacks.
 */
public final class EntityLifecycle {
  private static final EntityLifecycle NONE = new EntityLifecycle(null, null, false);

  private final @Nullable EntityCallbacks callbacks;
  private final @Nullable ApplicationEventPublisher events;
  private final boolean afterConvert;

  private EntityLifecycle(
      @Nullable EntityCallbacks callbacks,
      @Nullable ApplicationEventPublisher events,
      boolean afterConvert) {
    this.callbacks = callbacks;
    this.events = events;
    this.afterConvert = afterConvert;
  }

  /** No callbacks and no events: repositories made outside a Spring context. */
  public static EntityLifecycle none() {
    return NONE;
  }

  /**
   * The {@code EntityCallback} beans of {@code beanFactory}, and events through {@code events} if
   * given.
   */
  public static EntityLifecycle of(
      BeanFactory beanFactory, @Nullable ApplicationEventPublisher events) {
    boolean afterConvert =
        !(beanFactory instanceof ListableBeanFactory listable)
            || listable.getBeanNamesForType(AfterConvertCallback.class, true, false).length > 0;
    return new EntityLifecycle(EntityCallbacks.create(beanFactory), events, afterConvert);
  }

  /**
   * Before an entity is saved: {@code BeforeConvertEvent}, then the {@code BeforeConvertCallback}s
   * (auditing among them).
   */
  public <T> T beforeConvert(T entity) {
    publish(new BeforeConvertEvent<>(entity));
    return callback(BeforeConvertCallback.class, entity);
  }

  /**
   * Just before the save statement: {@code BeforeSaveEvent}, then the {@code BeforeSaveCallback}s.
   */
  public <T> T beforeSave(T entity) {
    if (callbacks == null && events == null) {
      return entity;
    }
    var change = MutableAggregateChange.forSave(entity);
    publish(new BeforeSaveEvent<>(entity, change));
    return callback(BeforeSaveCallback.class, entity, change);
  }

  /** After the save statement: {@code AfterSaveEvent}, then the {@code AfterSaveCallback}s. */
  public <T> T afterSave(T entity) {
    if (events != null) {
      events.publishEvent(new AfterSaveEvent<>(entity, MutableAggregateChange.forSave(entity)));
    }
    return callback(AfterSaveCallback.class, entity);
  }

  /**
   * Called for each entity read; returns it, or what the {@link AfterConvertCallback}s make of it.
   */
  public <T> T afterConvert(T entity) {
    return afterConvert ? callback(AfterConvertCallback.class, entity) : entity;
  }

  /**
   * Before an entity's delete statement: {@code BeforeDeleteEvent}, then the {@code
   * BeforeDeleteCallback}s.
   */
  public <T> T beforeDelete(T entity, Object id) {
    if (callbacks == null && events == null) {
      return entity;
    }
    var change = MutableAggregateChange.forDelete(entity);
    publish(new BeforeDeleteEvent<>(Identifier.of(id), entity, change));
    return callback(BeforeDeleteCallback.class, entity, change);
  }

  /**
   * After an entity's delete statement: {@code AfterDeleteEvent}, then the {@code
   * AfterDeleteCallback}s.
   */
  public <T> void afterDelete(T entity, Object id) {
    if (events != null) {
      events.publishEvent(
          new AfterDeleteEvent<>(
              Identifier.of(id), entity, MutableAggregateChange.forDelete(entity)));
    }
    callback(AfterDeleteCallback.class, entity);
  }

  /** The delete events of a delete by id, which has no entity to hand to callbacks. */
  public void beforeDeleteById(Class<?> type, Object id) {
    if (events != null) {
      events.publishEvent(
          new BeforeDeleteEvent<>(Identifier.of(id), null, MutableAggregateChange.forDelete(type)));
    }
  }

  /** The {@code AfterDeleteEvent} of a delete by id. */
  public void afterDeleteById(Class<?> type, Object id) {
    if (events != null) {
      events.publishEvent(
          new AfterDeleteEvent<>(Identifier.of(id), null, MutableAggregateChange.forDelete(type)));
    }
  }

  /**
   * Publishes the domain events of {@code aggregates} ({@code @DomainEvents}, {@code
   * AbstractAggregateRoot}) and clears them ({@code @AfterDomainEventPublication}): what Spring
   * Data Commons does after {@code save*} and {@code delete*} methods, for writes named otherwise.
   */
  public void publishDomainEvents(Iterable<?> aggregates) {
    if (events == null) {
      return;
    }
    for (var aggregate : aggregates) {
      var publishing = new AnnotationDetectionMethodCallback<>(DomainEvents.class);
      ReflectionUtils.doWithMethods(aggregate.getClass(), publishing);
      if (!publishing.hasFoundAnnotation()) {
        continue;
      }
      Object found = publishing.invoke(aggregate);
      if (found instanceof Iterable<?> list) {
        list.forEach(events::publishEvent);
      } else if (found != null) {
        events.publishEvent(found);
      }
      var clearing = new AnnotationDetectionMethodCallback<>(AfterDomainEventPublication.class);
      ReflectionUtils.doWithMethods(aggregate.getClass(), clearing);
      if (clearing.hasFoundAnnotation()) {
        clearing.invoke(aggregate);
      }
    }
  }

  private void publish(Object event) {
    if (events != null) {
      events.publishEvent(event);
    }
  }

  @SuppressWarnings("rawtypes")
  private <T> T callback(
      Class<? extends org.springframework.data.mapping.callback.EntityCallback> type,
      T entity,
      Object... arguments) {
    return callbacks == null ? entity : callbacks.callback(type, entity, arguments);
  }
}
