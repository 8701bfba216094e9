/** An inventory on KiteSQL whose schema Flyway migrates: one entity, one repository. */
package com.example.inventory;
