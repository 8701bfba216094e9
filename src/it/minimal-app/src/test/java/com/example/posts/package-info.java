/** The repository contract every store of {@link com.example.posts.PostRepository} must meet. */
package com.example.posts;
