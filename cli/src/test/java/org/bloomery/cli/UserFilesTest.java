package org.bloomery.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        UserFiles.writeAtomically(target, out -> out.write("new".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertThat(target).hasContent("new");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(target);
        }
    }
}
