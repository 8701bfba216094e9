/** The accounts: Spring Data JDBC on H2, under the default transaction manager. */
package com.example.accounts;
