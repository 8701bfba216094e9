/** minimal-app's repository tests on Spring Data JDBC and a private PostgreSQL cluster. */
package com.example.portability;
