/**
 * The entity and repository shared, as source, by minimal-app (on KiteSQL) and
 * postgresql-portability (on Spring Data JDBC and PostgreSQL).
 */
package com.example.posts;
