/** An inventory on KiteSQL whose schema Liquibase migrates: one entity, one repository. */
package com.example.inventory;
