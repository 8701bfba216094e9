/** The service of the application on Spring Data JDBC and KiteSQL's JDBC driver. */
package com.example.onkitesql;
