/** An application with Spring Data JDBC on H2 and KiteSQL side by side. */
package com.example;
