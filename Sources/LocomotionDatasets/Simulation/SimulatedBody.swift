import Foundation
import LocomotionDSP
import LocomotionIO

/// The moving person and their phone: gait, vehicle and pose state of
/// ``TraceSimulator``'s model (documented there). Advanced one sample at a time.
struct SimulatedBody {
    private(set) var east = 0.0
    private(set) var north = 0.0
    private(set) var speed = 0.0

    private var activity = SimulatedActivity.still
    private var time = 0.0
    private var heading = 0.0

    // Phone pose (radians): current, and the target it moves towards.
    private var yaw = 0.0, pitch = 0.0, roll = 0.0
    private var targetYaw = 0.0, targetPitch = 0.0, targetRoll = 0.0
    private var poseRate = 2.0
    private var bias = Vector3.zero

    // Gait.
    private var phase = 0.0
    private var baseCadence = 1.8
    private var cadenceDrift = 0.0
    private var amplitude = 0.25
    private var stepAmplitude = 0.25
    private var stepLength = 0.7
    private var harmonicPhase2 = 0.0, harmonicPhase3 = 0.0
    private var swing = 0.0
    private var noise = 0.02

    // Vehicle.
    private enum Drive { case stopped, accelerating, cruising, braking }
    private var drive = Drive.stopped
    private var driveTimer = 0.0
    private var cruiseSpeed = 10.0
    private var targetSpeed = 0.0
    private var accelerationLimit = 1.2
    private var turnRate = 0.0
    private var turnTimer = 0.0
    private var vibrationFrequencies = (10.0, 14.0, 19.0)
    private var vibrationAmplitudes = (0.01, 0.01, 0.01)
    private var roadNoise = Vector3.zero
    private var roadNoiseLevel = 0.03
    private var previousSpeed = 0.0

    // Pickups while still.
    private var pickupRate = 0.0
    private var pickupRemaining = 0.0
    private var tremor = Vector3.zero

    init(random: inout SeededGenerator) {
        bias = Vector3(x: random.uniform(-0.01...0.01), y: random.uniform(-0.01...0.01), z: random.uniform(-0.01...0.01))
        tablePose(random: &random)
        yaw = targetYaw; pitch = targetPitch; roll = targetRoll
    }

    /// Starts an activity: new pose, gait and vehicle parameters.
    mutating func begin(_ next: SimulatedActivity, random: inout SeededGenerator) {
        activity = next
        poseRate = random.uniform(1.5...3)
        pickupRemaining = 0
        speed = 0
        switch next {
        case .sleep, .still, .desk:
            tablePose(random: &random)
            pickupRate = next == .sleep ? 0 : 1 / (next == .desk ? 480 : 900)
            noise = next == .desk ? 0.006 : 0.003
        case .waiting:
            pocketPose(random: &random)
            noise = 0.008
            phase = random.uniform(0...(2 * .pi))
            baseCadence = random.uniform(0.2...0.4)   // sway frequency, Hz
        case .walking:
            if random.chance(0.7) { pocketPose(random: &random); swing = 0.35 } else { handPose(random: &random); swing = 0.05 }
            baseCadence = random.uniform(1.65...2.05)
            amplitude = random.uniform(0.18...0.32)
            stepLength = random.uniform(0.65...0.8)
            gait(random: &random)
            noise = 0.02
        case .running:
            pocketPose(random: &random)
            swing = 0.25
            baseCadence = random.uniform(2.6...2.95)
            amplitude = random.uniform(2.4...3.2)
            stepLength = random.uniform(1.0...1.3)
            gait(random: &random)
            noise = 0.04
        case .cycling:
            pocketPose(random: &random)
            targetPitch = 55 * .pi / 180
            baseCadence = random.uniform(1.2...1.5)   // pedal revolutions per second
            cruiseSpeed = random.uniform(4.5...6)
            speed = cruiseSpeed
            roadNoiseLevel = 0.06
            noise = 0.02
        case .bus, .car:
            if random.chance(0.6) { seatedPocketPose(random: &random) } else { handPose(random: &random) }
            let bus = next == .bus
            cruiseSpeed = bus ? random.uniform(9...12) : random.uniform(12...16)
            accelerationLimit = bus ? 1.2 : 2.5
            roadNoiseLevel = bus ? 0.03 : 0.02
            drive = .stopped
            driveTimer = random.uniform(3...10)
            vibrationFrequencies = (random.uniform(8...12), random.uniform(12...17), random.uniform(17...22))
            vibrationAmplitudes = (random.uniform(0.005...0.02), random.uniform(0.005...0.02), random.uniform(0.005...0.015))
            noise = 0.01
        case .gap:
            break
        }
        previousSpeed = speed
    }

    /// Advances by `dt` seconds; the accelerometer reading in g (device frame).
    mutating func step(dt: Double, random: inout SeededGenerator) -> Vector3 {
        time += dt
        var user = Vector3.zero          // body frame: x forward, y left, z up
        var pitchOffset = 0.0
        var rollOffset = 0.0
        switch activity {
        case .sleep, .still, .desk, .gap:
            if pickupRemaining > 0 {
                pickupRemaining -= dt
                tremor = ar(tremor, level: 0.02, dt: dt, random: &random)
                user = tremor + Vector3(x: 0, y: 0.03 * sin(2 * .pi * 0.3 * time), z: 0)
                if pickupRemaining <= 0 { tablePose(random: &random) }
            } else if pickupRate > 0 && random.chance(pickupRate * dt) {
                pickupRemaining = random.uniform(5...40)
                handPose(random: &random)
            }
        case .waiting:
            let sway = 0.01 * sin(2 * .pi * baseCadence * time + phase)
            user = Vector3(x: sway, y: 0.7 * sway, z: 0)
            pitchOffset = 0.035 * sin(2 * .pi * baseCadence * 0.5 * time)
        case .walking, .running:
            let cadence = baseCadence * (1 + cadenceDrift)
            phase += 2 * .pi * cadence * dt
            if phase >= 4 * .pi {   // one stride = two steps
                phase -= 4 * .pi
                cadenceDrift = 0.9 * cadenceDrift + 0.013 * random.gaussian()
                stepAmplitude = amplitude * (1 + 0.08 * random.gaussian())
            }
            let a = stepAmplitude
            if activity == .walking {
                user = Vector3(
                    x: 0.5 * a * sin(phase + 1.2) + 0.2 * a * sin(2 * phase),
                    y: 0.3 * a * sin(phase / 2),
                    z: a * (sin(phase) + 0.4 * sin(2 * phase + harmonicPhase2) + 0.15 * sin(3 * phase + harmonicPhase3)))
            } else {
                let lift = max(0, sin(phase))
                user = Vector3(
                    x: 0.2 * a * sin(phase + 1),
                    y: 0.1 * a * sin(phase / 2),
                    z: a * (lift * lift * lift - 0.2122) + 0.3 * sin(2 * phase + harmonicPhase2))
            }
            pitchOffset = swing * sin(phase / 2)
            speed = stepLength * cadence
        case .cycling:
            phase += 2 * .pi * baseCadence * dt
            if phase >= 2 * .pi { phase -= 2 * .pi }
            roadNoise = ar(roadNoise, level: roadNoiseLevel, dt: dt, random: &random)
            user = Vector3(x: 0.03 * sin(2 * phase), y: 0.2 * roadNoise.y, z: roadNoise.z + 0.04 * sin(2 * phase))
            pitchOffset = 0.44 * sin(phase)
            speed = cruiseSpeed * (1 + 0.05 * sin(2 * .pi * time / 40))
        case .bus, .car:
            driveStep(dt: dt, random: &random)
            let forward = (speed - previousSpeed) / dt / AccelerationUnit.standardGravity
            previousSpeed = speed
            let lateral = speed * turnRate / AccelerationUnit.standardGravity
            let engine = 0.3 + 0.7 * min(1, speed / cruiseSpeed)
            let twoPiT = 2 * .pi * time
            let vibration = engine * (vibrationAmplitudes.0 * sin(twoPiT * vibrationFrequencies.0)
                + vibrationAmplitudes.1 * sin(twoPiT * vibrationFrequencies.1)
                + vibrationAmplitudes.2 * sin(twoPiT * vibrationFrequencies.2))
            roadNoise = ar(roadNoise, level: roadNoiseLevel * engine, dt: dt, random: &random)
            user = Vector3(x: forward + 0.3 * roadNoise.x, y: lateral + 0.3 * roadNoise.y, z: vibration + roadNoise.z)
            rollOffset = 0.02 * roadNoise.y / max(roadNoiseLevel, 1e-3)
        }
        if activity.label?.isMoving == true {
            let metres = speed * dt
            east += metres * cos(heading)
            north += metres * sin(heading)
            heading += (activity == .bus || activity == .car ? turnRate * dt : 0)
                + 0.02 * dt.squareRoot() * random.gaussian()
        }
        // The pose approaches its target (putting the phone away, picking it up).
        let approach = min(1, poseRate * dt)
        yaw += (targetYaw - yaw) * approach
        pitch += (targetPitch - pitch) * approach
        roll += (targetRoll - roll) * approach

        // Specific force in the CoreMotion sign (at rest: −1 g along up), seen by the phone.
        let world = Vector3(x: -user.x, y: -user.y, z: -user.z - 1)
        var reading = rotatedIntoDevice(world, yaw: yaw, pitch: pitch + pitchOffset, roll: roll + rollOffset)
        reading = reading + bias
        reading = reading + Vector3(x: noise * random.gaussian(), y: noise * random.gaussian(), z: noise * random.gaussian())
        return reading
    }

    /// The vehicle's speed profile: stop, accelerate, cruise (with turns), brake.
    private mutating func driveStep(dt: Double, random: inout SeededGenerator) {
        driveTimer -= dt
        switch drive {
        case .stopped:
            speed = 0
            if driveTimer <= 0 {
                drive = .accelerating
                targetSpeed = cruiseSpeed * random.uniform(0.75...1.1)
            }
        case .accelerating:
            speed = min(targetSpeed, speed + accelerationLimit * random.uniform(0.6...1) * dt)
            if speed >= targetSpeed {
                drive = .cruising
                driveTimer = random.uniform(30...(accelerationLimit > 2 ? 240 : 120))
            }
        case .cruising:
            speed = max(0, speed + 0.1 * random.gaussian() * dt.squareRoot())
            if driveTimer <= 0 { drive = .braking }
        case .braking:
            speed = max(0, speed - accelerationLimit * 0.8 * dt)
            if speed == 0 {
                drive = .stopped
                driveTimer = random.uniform(8...25)
            }
        }
        turnTimer -= dt
        if turnTimer <= 0 {
            if turnRate == 0 && speed > 3 && random.chance(0.3) {
                turnRate = (random.chance(0.5) ? 1 : -1) * random.uniform(0.1...0.25)
                turnTimer = (Double.pi / 2) / abs(turnRate)   // a right-angle turn
            } else {
                turnRate = 0
                turnTimer = random.uniform(5...20)
            }
        }
    }

    private mutating func gait(random: inout SeededGenerator) {
        phase = random.uniform(0...(2 * .pi))
        cadenceDrift = 0
        stepAmplitude = amplitude
        harmonicPhase2 = random.uniform(-0.5...0.5)
        harmonicPhase3 = random.uniform(-1...1)
        heading += random.uniform(-1.5...1.5)
    }

    private mutating func tablePose(random: inout SeededGenerator) {
        targetYaw = random.uniform(-Double.pi...Double.pi)
        targetPitch = random.uniform(-0.035...0.035)
        targetRoll = (random.chance(0.15) ? Double.pi : 0) + random.uniform(-0.035...0.035)
    }

    private mutating func handPose(random: inout SeededGenerator) {
        targetYaw = random.uniform(-Double.pi...Double.pi)
        targetPitch = random.uniform(0.7...1.2)
        targetRoll = random.uniform(-0.17...0.17)
    }

    private mutating func pocketPose(random: inout SeededGenerator) {
        targetYaw = random.uniform(-Double.pi...Double.pi)
        targetPitch = (random.chance(0.5) ? 1 : -1) * random.uniform(1.4...1.75)
        targetRoll = random.uniform(-Double.pi...Double.pi)
    }

    private mutating func seatedPocketPose(random: inout SeededGenerator) {
        targetYaw = random.uniform(-Double.pi...Double.pi)
        targetPitch = random.uniform(0.1...0.5)
        targetRoll = random.uniform(-Double.pi...Double.pi)
    }

    /// AR(1) noise with a 0.1 s time constant and stationary deviation `level`.
    @inline(__always)
    private func ar(_ state: Vector3, level: Double, dt: Double, random: inout SeededGenerator) -> Vector3 {
        let keep = exp(-dt / 0.1)
        let fresh = level * (1 - keep * keep).squareRoot()
        return Vector3(x: keep * state.x + fresh * random.gaussian(),
                       y: keep * state.y + fresh * random.gaussian(),
                       z: keep * state.z + fresh * random.gaussian())
    }
}

/// `v` (world frame) in the frame of a phone turned by yaw about z, then pitch
/// about x, then roll about y: Mᵀv with M = R_z(yaw)·R_x(pitch)·R_y(roll).
@inline(__always)
func rotatedIntoDevice(_ v: Vector3, yaw: Double, pitch: Double, roll: Double) -> Vector3 {
    let (sinYaw, cosYaw) = (sin(yaw), cos(yaw))
    let a = Vector3(x: cosYaw * v.x + sinYaw * v.y, y: -sinYaw * v.x + cosYaw * v.y, z: v.z)
    let (sinPitch, cosPitch) = (sin(pitch), cos(pitch))
    let b = Vector3(x: a.x, y: cosPitch * a.y + sinPitch * a.z, z: -sinPitch * a.y + cosPitch * a.z)
    let (sinRoll, cosRoll) = (sin(roll), cos(roll))
    return Vector3(x: cosRoll * b.x - sinRoll * b.z, y: b.y, z: sinRoll * b.x + cosRoll * b.z)
}
