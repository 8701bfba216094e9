package com.example.inventory;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An item in stock; {@code status} is the column the second changeSet added. */
@Table("items")
public record Item(@Id Integer id, int supplierId, String name, int quantity, String status) {}
