package io.kitesql.data.repository;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/** An entity under optimistic locking: a mutable class with a boxed version. */
@Table("products")
public class Product {
  @Id private Long id;
  private String name;
  private int stock;
  @Version private Long version;

  public Product(Long id, String name, int stock) {
    this.id = id;
    this.name = name;
    this.stock = stock;
  }

  public Long getId() {
    return id;
  }

  public String getName() {
    return name;
  }

  public int getStock() {
    return stock;
  }

  public void setStock(int stock) {
    this.stock = stock;
  }

  public Long getVersion() {
    return version;
  }
}
