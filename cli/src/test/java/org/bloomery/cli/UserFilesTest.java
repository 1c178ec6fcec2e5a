package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The atomic write: all of the new file or none of it, and the old file kept when writing fails. */
class UserFilesTest {
    @TempDir
    Path dir;

    @Test
    void aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        Path target = Files.writeString(dir.resolve("f.blmf"), "old");
        assertThatThrownBy(() -> UserFiles.writeAtomically(target, out -> {
            out.write(new byte[1000]);
            throw new IOException("No space left on device");
        })).hasMessage("cannot write " + target + ": No space left on device");
        assertThat(target).hasContent("old");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    @Test
    void aWriteReplacesTheTargetWhole() throws IOException {
        Path target = Files.writeString(dir.resolve("f.blmf"), "old");
        UserFiles.writeAtomically(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(target).hasContent("new");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }

    static Stream<Arguments> failures() {
        return Stream.of(Arguments.of(new NoSuchFileException("x"), "it does not exist"),
                Arguments.of(new AccessDeniedException("x"), "permission denied"),
                Arguments.of(new FileSystemException("x", null, "Read-only file system"), "read-only file system"),
                Arguments.of(new IOException("No space left on device"), "No space left on device"));
    }

    /** Running as root, the tests cannot be refused permission; the wording is checked on the exception. */
    @ParameterizedTest(name = "{1}")
    @MethodSource("failures")
    void aCauseIsSaidInWordsWithoutThePath(IOException failure, String words) {
        assertThat(UserFiles.cause(failure)).isEqualTo(words);
    }
}
