/** The notes: KiteSQL, under its own transaction manager. */
package com.example.notes;
