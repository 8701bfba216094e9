/** The service of the application on Spring Data JDBC and PostgreSQL. */
package com.example.portability;
